import { useQuery } from '@tanstack/react-query';
import { message } from '@therapy/contracts/messages';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useViewerState } from '@/lib/viewer-state';
import { usStatesQuery } from '../api/directory-api';

/**
 * Spec §2 "US state picker": "Find the right therapist for you", a searchable list of US states and "Find
 * Therapist", which proceeds only with a state (to /therapists?state=XX). The list is a radio group filtered by the
 * search box, so it works with a keyboard and a screen reader.
 */
export function StatePickerModal({ onClose, initialState }: ModalComponentProps<'state-picker'>) {
  const { t } = useTranslation('directory');
  const navigate = useNavigate();
  const states = useQuery(usStatesQuery());
  const [filter, setFilter] = useState('');
  // Without a state in the page, the one saved in the client's profile is chosen (else the last one picked here).
  const viewerState = useViewerState();
  const [picked, setChosen] = useState<string | undefined>(initialState);
  const chosen = picked ?? viewerState?.code;
  const [error, setError] = useState(false);
  const searchId = useId();
  const errorId = useId();
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (states.data ?? []).filter(
      (s) => !needle || s.name.toLowerCase().includes(needle) || s.code.toLowerCase() === needle,
    );
  }, [states.data, filter]);

  const proceed = () => {
    if (!chosen) {
      setError(true);
      return;
    }
    onClose();
    void navigate(`/therapists?state=${encodeURIComponent(chosen)}`);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        proceed();
      }}
    >
      <DialogTitle>{t('picker.title')}</DialogTitle>
      <DialogDescription>{t('picker.lead')}</DialogDescription>
      <div className="mt-4">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-900">
          {t('picker.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="pl-10"
            autoComplete="off"
          />
        </div>
      </div>
      <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
        <legend className="sr-only">{t('picker.states')}</legend>
        {states.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            {t('picker.loading')}
          </p>
        ) : states.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void states.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('picker.error')}
          </Alert>
        ) : shown.length === 0 ? (
          <p className="text-sm text-slate-700">{t('picker.none')}</p>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-300">
            {shown.map((s) => (
              <li key={s.code}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name="state"
                    value={s.code}
                    checked={chosen === s.code}
                    onChange={() => {
                      setChosen(s.code);
                      setError(false);
                    }}
                    className="size-4 accent-brand-700"
                  />
                  <span className="text-slate-900">{s.name}</span>
                  <span className="ms-auto text-sm text-slate-500">{s.code}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {message('stateUnknown', currentLocale())}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('picker.cancel')}
        </Button>
        <Button type="submit">{t('picker.submit')}</Button>
      </DialogActions>
    </form>
  );
}
