import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The terms, the cancellation policy and the privacy policy open in a new tab, so reading them keeps what was typed. */
export function TermsLabel({ policy }: { policy: 'client' | 'provider' }) {
  const { t } = useTranslation('auth');
  const newTab = { target: '_blank', rel: 'noopener' } as const;
  return (
    <Trans
      t={t}
      i18nKey="register.acceptTerms"
      components={{
        terms: <Link to="/terms" {...newTab} />,
        policy: <Link to={`/policy/${policy}-cancellation`} {...newTab} />,
        privacy: <Link to="/privacy" {...newTab} />,
      }}
    />
  );
}
