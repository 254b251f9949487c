import { message } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { avatarsQuery, clientProfileQuery, useSelectAvatar } from '../api/profile-api';

/**
 * Spec §2 "Avatar picker" ("SELECT AN AVATAR"): a radio group of pictures (arrow keys move between them, as with
 * any radio group). Saving without a choice says "please select an Avatar".
 */
export function AvatarPickerModal({ onClose }: ModalComponentProps<'avatar-picker'>) {
  const { t } = useTranslation('profile');
  const name = useId();
  const errorId = useId();
  const legendId = useId();
  const avatars = useQuery(avatarsQuery);
  const { data: profile } = useQuery(clientProfileQuery());
  const [chosen, setChosen] = useState<string | null>(profile?.avatarIdentifier ?? null);
  const [error, setError] = useState(false);
  const select = useSelectAvatar();

  const onSave = () => {
    if (!chosen) {
      setError(true);
      return;
    }
    select.mutate(chosen, {
      onSuccess: () => {
        notify.success(message('imageChanged', currentLocale()));
        onClose();
      },
    });
  };

  return (
    <>
      <DialogTitle>{t('avatars.title')}</DialogTitle>
      <DialogDescription>{t('avatars.description')}</DialogDescription>
      <div className="mt-5">
        {avatars.isPending ? (
          <div className="flex justify-center py-8 text-brand-700">
            <Spinner size="lg" label={t('avatars.loading')} />
          </div>
        ) : avatars.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void avatars.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('avatars.loadFailed')}
          </Alert>
        ) : avatars.data.length === 0 ? (
          <p className="text-sm text-slate-700">{t('avatars.empty')}</p>
        ) : (
          <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error || undefined}>
            <legend id={legendId} className="sr-only">
              {t('avatars.title')}
            </legend>
            <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
              {avatars.data.map((avatar, index) => {
                const id = `${name}-${avatar.identifier}`;
                const checked = chosen === avatar.identifier;
                return (
                  <div key={avatar.identifier} className="relative">
                    <input
                      id={id}
                      type="radio"
                      name={name}
                      value={avatar.identifier}
                      checked={checked}
                      onChange={() => {
                        setChosen(avatar.identifier);
                        setError(false);
                      }}
                      className="peer sr-only"
                    />
                    <label
                      htmlFor={id}
                      className={clsx(
                        'block cursor-pointer rounded-full border-4 p-0.5 transition-colors',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                        checked ? 'border-brand-700' : 'border-transparent hover:border-slate-300',
                      )}
                    >
                      <img
                        src={avatar.photoUrl}
                        alt={t('avatars.option', { number: index + 1 })}
                        className="aspect-square w-full rounded-full bg-slate-100"
                      />
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}
        <FieldError id={errorId} message={error ? message('avatarRequired', 'en') : undefined} />
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={onSave} pending={select.isPending} disabled={avatars.isPending}>
          {t('avatars.save')}
        </Button>
      </DialogActions>
    </>
  );
}
