import { zodResolver } from '@hookform/resolvers/zod';
import {
  sepaBankDetailsInput,
  type BankDetailsState,
  type SaveBankDetailsInput,
} from '@therapy/contracts/bank-details';
import { message } from '@therapy/contracts/messages';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveBankDetails } from '../api/bank-details-api';

/** The SEPA form's fields as the inputs hold them (text). */
interface SepaFormValues {
  form: 'sepa';
  accountName: string;
  iban: string;
  bic: string;
  bankName: string;
}

/** The saved details without the IBAN: it is never sent back, so a change asks for it again. */
function toForm(state: BankDetailsState): SepaFormValues {
  const d = state.details?.form === 'sepa' ? state.details : null;
  return {
    form: 'sepa',
    accountName: d?.accountName ?? '',
    iban: '',
    bic: d?.bankCode ?? '',
    bankName: d?.bankName ?? '',
  };
}

/**
 * The SEPA form (decision 0051) for EUR providers in SEPA countries: the holder, the IBAN and the BIC a SEPA transfer
 * needs, checked with the same schema (ibantools) the server uses; the bank's name is optional.
 */
export function SepaBankDetailsForm({ state, onSaved }: { state: BankDetailsState; onSaved?: () => void }) {
  const { t } = useTranslation('bankDetails');
  const save = useSaveBankDetails();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SepaFormValues, unknown, SaveBankDetailsInput>({
    resolver: zodResolver(sepaBankDetailsInput) as unknown as Resolver<SepaFormValues, unknown, SaveBankDetailsInput>,
    ...formValidation,
    defaultValues: toForm(state),
  });

  const onSubmit = (input: SaveBankDetailsInput) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(message('bankDetailsSaved', currentLocale()));
        reset(toForm(saved));
        onSaved?.();
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byMessage: {
            accountNameNotLatin: 'accountName',
            ibanInvalid: 'iban',
            ibanNotSepa: 'iban',
            bicInvalid: 'bic',
            bicCountryMismatch: 'bic',
          },
        }),
    });

  const saved = state.details?.form === 'sepa' ? state.details : null;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-6"
      aria-label={t('form.title')}
    >
      <input type="hidden" {...register('form')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t('fields.accountName')}
          error={errors.accountName?.message}
          hint={t('hints.accountName')}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} autoComplete="name" {...register('accountName')} />}
        </FormField>
        <FormField
          label={t('fields.iban')}
          error={errors.iban?.message}
          hint={saved ? t('hints.ibanAgain', { last4: saved.accountNumberLast4 }) : t('hints.iban')}
          className="sm:col-span-2"
        >
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
              {...register('iban')}
            />
          )}
        </FormField>
        <FormField label={t('fields.bic')} error={errors.bic?.message} hint={t('hints.bic')}>
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
              {...register('bic')}
            />
          )}
        </FormField>
        <FormField label={t('fields.bankName')} error={errors.bankName?.message} optional>
          {(field) => <Input {...field} autoComplete="off" {...register('bankName')} />}
        </FormField>
      </div>
      {save.isError && <Alert tone="error">{save.error instanceof Error ? save.error.message : t('saveFailed')}</Alert>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
