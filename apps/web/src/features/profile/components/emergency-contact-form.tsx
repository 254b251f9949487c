import { formatPhone } from '@therapy/contracts/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import type { EmergencyContact } from '@therapy/contracts/profile';
import { emergencyContactInput } from '@therapy/contracts/profile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveEmergencyContact } from '../api/profile-api';
import { focusFirstInvalid, formValidation } from '@/lib/focus-first-invalid';

type ContactForm = z.input<typeof emergencyContactInput>;
type ContactValues = z.output<typeof emergencyContactInput>;

/** Spec §5 "Emergency contact": a name (3-32 letters, spaces, hyphens) and a number (3-32 digits). */
export function EmergencyContactForm({ contact }: { contact: EmergencyContact | null }) {
  const { t } = useTranslation('profile');
  const save = useSaveEmergencyContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactForm, unknown, ContactValues>({
    resolver: zodResolver(emergencyContactInput),
    ...formValidation,
    defaultValues: { name: contact?.name ?? '', phoneNumber: formatPhone(contact?.phoneNumber) },
  });

  const onSubmit = (values: ContactValues) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(message('dataSaved', currentLocale()));
        reset({ name: saved.name, phoneNumber: formatPhone(saved.phoneNumber) });
      },
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, focusFirstInvalid)}
      className="flex flex-col gap-5"
      aria-label={t('emergency.title')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('emergency.name')} error={errors.name?.message}>
          {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
        </FormField>
        <FormField label={t('emergency.phone')} error={errors.phoneNumber?.message} hint={t('emergency.phoneHint')}>
          {(field) => <Input {...field} type="tel" inputMode="tel" autoComplete="off" {...register('phoneNumber')} />}
        </FormField>
      </div>
      <div>
        <Button type="submit" pending={save.isPending}>
          {t('emergency.save')}
        </Button>
      </div>
    </form>
  );
}
