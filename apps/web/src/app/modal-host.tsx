import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { zodReady } from '@/lib/zod-ready';
import type { ModalId } from '@/lib/modal-store';
import { useModalStore } from '@/lib/modal-store';
import { modalRegistry } from './modal-registry';

type AnyModal = ComponentType<Record<string, unknown> & { onClose: () => void }>;

const ModalFrame = lazy(() => import('./modal-frame').then((m) => ({ default: m.ModalFrame })));

// One lazy component per id, created once, so reopening a modal does not load or remount its code again.
const lazyContent = new Map<ModalId, AnyModal>();
function contentFor(id: ModalId): AnyModal {
  let component = lazyContent.get(id);
  if (!component) {
    const definition = modalRegistry[id];
    component = lazy(async () => {
      // A modal's form brings its schemas: after zod's set-up for the CSP, as every page loader (lib/zod-ready.ts).
      const [Content] = await Promise.all([
        zodReady().then((): Promise<unknown> => definition.load()),
        loadNamespaces(definition.ns),
      ]);
      return { default: Content as unknown as AnyModal };
    });
    lazyContent.set(id, component);
  }
  return component;
}

/** Renders the one open modal of the store (spec §2 "Modals"). */
export function ModalHost() {
  const entry = useModalStore((s) => s.modals[0]);
  const close = useModalStore((s) => s.close);
  const opener = useModalStore((s) => s.opener);
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      {/* The key remounts the frame when one modal replaces another, so focus and state start fresh. */}
      <ModalFrame key={entry.id} entry={entry} Content={contentFor(entry.id)} onClose={close} opener={opener} />
    </Suspense>
  );
}
