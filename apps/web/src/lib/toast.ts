import { create } from 'zustand';

/**
 * Toasts without paying for them up front: sonner and its styles load on the first toast, not with the landing
 * page. `notify` asks the shell to mount the toaster, waits until it listens, then shows the toast, so nothing
 * shown before the toaster exists is lost.
 */
interface ToasterState {
  wanted: boolean;
}

export const useToasterStore = create<ToasterState>()(() => ({ wanted: false }));

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once it is mounted and subscribed. */
export function toasterReady(): void {
  markReady();
}

type Kind = 'success' | 'error' | 'loading';

async function show(kind: Kind, text: string, id?: string): Promise<void> {
  if (!useToasterStore.getState().wanted) useToasterStore.setState({ wanted: true });
  const [{ toast }] = await Promise.all([import('sonner'), ready]);
  toast[kind](text, id ? { id } : undefined);
}

export const notify = {
  success: (text: string) => void show('success', text),
  /** Stays until dismissed by its id (or replaced by another toast with that id), e.g. while a calendar advances. */
  loading: (id: string, text: string) => void show('loading', text, id),
  dismiss: (id: string) => void import('sonner').then(({ toast }) => toast.dismiss(id)),
  /** Identical errors share an id, so one outage hitting three requests shows one toast, not three. */
  error: (text: string) => void show('error', text, `error:${text}`),
};
