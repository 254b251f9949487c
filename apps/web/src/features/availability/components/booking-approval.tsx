import { getBookingSettings, updateBookingSettings } from '@therapy/contracts/endpoints/bookings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Switch } from '@/components/ui/switch';
import { call } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';

const bookingSettingsKey = ['availability', 'booking-settings'] as const;

/** GET /appointment/settings: whether the provider approves each booking before the client pays. */
export const bookingSettingsQuery = () =>
  queryOptions({
    queryKey: bookingSettingsKey,
    queryFn: async ({ signal }) => (await call(getBookingSettings, { signal })).data,
    meta: { silent: true },
  });

/**
 * "Approve each booking before the client pays" (issue 15): on, a client's booking waits as `requested` until the
 * provider accepts it; off, the client books and pays at once. Saved as soon as it is switched (PUT).
 */
export function BookingApproval() {
  const { t } = useTranslation('availability');
  const queryClient = useQueryClient();
  const settings = useQuery(bookingSettingsQuery());
  const save = useMutation({
    mutationFn: async (requiresApproval: boolean) =>
      (await call(updateBookingSettings, { body: { requiresApproval } })).data,
    meta: { silent: true },
    onSuccess: (data) => {
      queryClient.setQueryData(bookingSettingsKey, data);
      notify.success(data.requiresApproval ? t('approval.savedOn') : t('approval.savedOff'));
    },
  });

  return (
    <SectionCard icon={UserCheck} title={t('approval.title')} description={t('approval.description')}>
      <SectionStatus
        loading={settings.isPending}
        error={settings.isError}
        onRetry={() => void settings.refetch()}
        loadingLabel={t('loading')}
        errorText={t('approval.loadFailed')}
        retryLabel={t('retry')}
      />
      {settings.data && (
        <div className="mt-4 space-y-3">
          <Switch
            checked={save.isPending ? save.variables : settings.data.requiresApproval}
            disabled={save.isPending}
            onCheckedChange={(checked) => save.mutate(checked)}
            label={t('approval.label')}
            description={t('approval.hint')}
          />
          {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        </div>
      )}
    </SectionCard>
  );
}
