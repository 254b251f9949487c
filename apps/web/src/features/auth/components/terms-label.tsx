import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The policy opens in a new tab so reading it does not throw away what was typed into the form. */
export function TermsLabel({ policy }: { policy: 'client' | 'provider' }) {
  const { t } = useTranslation('auth');
  return (
    <>
      {t('register.acceptTerms')}{' '}
      <Link to={`/policy/${policy}-cancellation`} target="_blank" rel="noopener">
        {t('register.policyLink')}
      </Link>
    </>
  );
}
