import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountOwnerships,
  accountTypes,
  bankFormSchemas,
  type BankDetailsState,
  type BankForm,
  type SaveBankDetailsInput,
} from '@therapy/contracts/bank-details';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from '@/components/option-select';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { payoutBanksQuery, useCheckBankAccount, useSaveBankDetails } from '../api/bank-details-api';

/** Every field as the inputs hold it (text); the form's schema turns it into the request. */
export interface BankFormValues {
  form: BankForm;
  accountName: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  address: string;
  postalCode: string;
  accountType: string;
  accountOwnership: string;
  dateOfBirth: string;
}

/** The forms this component fills; the SEPA form (IBAN, BIC) is its own (sepa-bank-details-form.tsx). */
type DigitsForm = Exclude<BankForm, 'sepa'>;

/** Which fields each form requires (spec §5 "Bank details"); the rest are optional there. */
const required: Record<DigitsForm, ReadonlyArray<keyof BankFormValues>> = {
  standard: [],
  gb: ['address', 'postalCode', 'accountType', 'accountOwnership', 'dateOfBirth'],
  addressed: ['address', 'postalCode', 'accountType', 'accountOwnership'],
};

/** What each form's bank code and account number take (decision 0051: a UK and a US bank's own formats). */
const hints = {
  standard: { bankCode: 'hints.digits', accountNumber: 'hints.digits' },
  gb: { bankCode: 'hints.sortCode', accountNumber: 'hints.accountNumberGb' },
  addressed: { bankCode: 'hints.routingNumber', accountNumber: 'hints.accountNumberUs' },
} as const satisfies Record<DigitsForm, { bankCode: string; accountNumber: string }>;

/** The saved details without the account number: it is never sent back, so a change asks for it again. */
function toForm(state: BankDetailsState): BankFormValues {
  const d = state.details;
  return {
    form: state.form,
    accountName: d?.accountName ?? '',
    bankCode: d?.bankCode ?? '',
    bankName: d?.bankName ?? '',
    accountNumber: '',
    address: d?.address ?? '',
    postalCode: d?.postalCode ?? '',
    accountType: d?.accountType ?? '',
    accountOwnership: d?.accountOwnership ?? '',
    dateOfBirth: d?.dateOfBirth ?? '',
  };
}

/**
 * Spec §5 "Bank details": the form of the provider's country (GB rules with a 6-digit sort code, the second form with
 * an ABA routing number for the US, the first form elsewhere; decision 0051), parsed with the same schema the server
 * uses. Where the payout gateway checks accounts, the bank is
 * picked from its list and the holder name the bank has can be looked up before saving.
 */
export function BankDetailsForm({
  state,
  bankCodeLabel,
  onSaved,
}: {
  state: BankDetailsState;
  bankCodeLabel: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('bankDetails');
  const save = useSaveBankDetails();
  const check = useCheckBankAccount();
  const banks = useQuery({ ...payoutBanksQuery(), enabled: state.gatewayCheck });
  const form: DigitsForm = state.form === 'sepa' ? 'standard' : state.form;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<BankFormValues, unknown, SaveBankDetailsInput>({
    resolver: zodResolver(bankFormSchemas[form]) as unknown as Resolver<BankFormValues, unknown, SaveBankDetailsInput>,
    ...formValidation,
    defaultValues: toForm(state),
  });
  const values = useWatch({ control });
  const optional = (name: keyof BankFormValues) => !required[form].includes(name);

  const onSubmit = (input: SaveBankDetailsInput) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(message('bankDetailsSaved', currentLocale()));
        reset(toForm(saved));
        check.reset();
        onSaved?.();
      },
      onError: (error) =>
        applyServerFieldErrors(error, setError, {
          byMessage: {
            bankAccountNameMismatch: 'accountName',
            bankAccountNotResolved: 'accountNumber',
            bankAccountTaken: 'accountNumber',
            bankNotInList: 'bankCode',
            sortCodeInvalid: 'bankCode',
            bankRoutingNumberInvalid: 'bankCode',
            bankAccountNumberUs: 'accountNumber',
            accountNameNotLatin: 'accountName',
          },
        }),
    });

  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.code, label: b.name }));
  const canCheck =
    state.gatewayCheck && /^\d{3,32}$/.test(values.accountNumber ?? '') && /^\d{3,32}$/.test(values.bankCode ?? '');

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
          hint={t(form === 'addressed' ? 'hints.accountNameAddressed' : 'hints.accountName')}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} autoComplete="name" {...register('accountName')} />}
        </FormField>
        {state.gatewayCheck ? (
          <FormField
            label={t('fields.bank')}
            error={errors.bankCode?.message ?? errors.bankName?.message}
            hint={banks.isError ? t('banksFailed') : undefined}
            className="sm:col-span-2"
          >
            {(field) => (
              <OptionSelect
                field={field}
                options={bankOptions}
                loading={banks.isPending}
                value={values.bankCode ?? ''}
                {...register('bankCode', {
                  onChange: (e: { target: { value: string } }) => {
                    setValue('bankName', bankOptions.find((b) => b.value === e.target.value)?.label ?? '', {
                      shouldDirty: true,
                    });
                    check.reset();
                  },
                })}
              />
            )}
          </FormField>
        ) : (
          <>
            <FormField label={t('fields.bankName')} error={errors.bankName?.message}>
              {(field) => <Input {...field} autoComplete="off" {...register('bankName')} />}
            </FormField>
            <FormField label={bankCodeLabel} error={errors.bankCode?.message} hint={t(hints[form].bankCode)}>
              {(field) => <Input {...field} inputMode="numeric" autoComplete="off" {...register('bankCode')} />}
            </FormField>
          </>
        )}
        <FormField
          label={t('fields.accountNumber')}
          error={errors.accountNumber?.message}
          hint={
            state.details
              ? t('hints.accountNumberAgain', { last4: state.details.accountNumberLast4 })
              : t(hints[form].accountNumber)
          }
          className="sm:col-span-2"
        >
          {(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="off"
              {...register('accountNumber', { onChange: () => check.reset() })}
            />
          )}
        </FormField>
        {state.gatewayCheck && (
          <div className="sm:col-span-2" aria-live="polite">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={!canCheck || check.isPending}
              onClick={() =>
                check.mutate({ bankCode: values.bankCode ?? '', accountNumber: values.accountNumber ?? '' })
              }
            >
              {check.isPending ? t('checking') : t('check')}
            </Button>
            {check.data && (
              <p className="mt-2 text-sm text-slate-800">{t('checked', { name: check.data.accountName })}</p>
            )}
          </div>
        )}
        <FormField
          label={t('fields.accountType')}
          error={errors.accountType?.message}
          optional={optional('accountType')}
        >
          {(field) => (
            <OptionSelect
              field={field}
              options={accountTypes.map((v) => ({ value: v, label: t(`accountTypes.${v}`) }))}
              value={values.accountType ?? ''}
              {...register('accountType')}
            />
          )}
        </FormField>
        <FormField
          label={t('fields.accountOwnership')}
          error={errors.accountOwnership?.message}
          optional={optional('accountOwnership')}
        >
          {(field) => (
            <OptionSelect
              field={field}
              options={accountOwnerships.map((v) => ({ value: v, label: t(`ownerships.${v}`) }))}
              value={values.accountOwnership ?? ''}
              {...register('accountOwnership')}
            />
          )}
        </FormField>
        <FormField
          label={t('fields.address')}
          error={errors.address?.message}
          optional={optional('address')}
          className="sm:col-span-2"
        >
          {(field) => <Input {...field} autoComplete="street-address" {...register('address')} />}
        </FormField>
        <FormField label={t('fields.postalCode')} error={errors.postalCode?.message} optional={optional('postalCode')}>
          {(field) => <Input {...field} autoComplete="postal-code" {...register('postalCode')} />}
        </FormField>
        <FormField
          label={t('fields.dateOfBirth')}
          error={errors.dateOfBirth?.message}
          optional={optional('dateOfBirth')}
        >
          {(field) => <Input {...field} type="date" autoComplete="bday" {...register('dateOfBirth')} />}
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
