import { beforeEach, describe, expect, it } from 'vitest';
import { useModalStore } from './modal-store';

describe('modal store', () => {
  beforeEach(() => useModalStore.getState().reset());

  it('opens one modal at a time: opening another replaces the first', () => {
    const { open } = useModalStore.getState();
    open('update-email');
    open('non-operating-country', { countryCode: 'FR' });
    const { modals } = useModalStore.getState();
    expect(modals).toHaveLength(1);
    expect(modals[0]?.id).toBe('non-operating-country');
    expect(modals[0]?.props).toEqual({ countryCode: 'FR' });
  });

  it('defaults to the small size and keeps a requested size', () => {
    useModalStore.getState().open('delete-account');
    expect(useModalStore.getState().modals[0]?.size).toBe('sm');
    useModalStore.getState().open('preferences', {}, { size: 'lg' });
    expect(useModalStore.getState().modals[0]?.size).toBe('lg');
  });

  it('close and reset clear every modal', () => {
    useModalStore.getState().open('select-country');
    useModalStore.getState().close();
    expect(useModalStore.getState().modals).toHaveLength(0);
    useModalStore.getState().open('select-country');
    useModalStore.getState().reset();
    expect(useModalStore.getState().modals).toHaveLength(0);
  });
});
