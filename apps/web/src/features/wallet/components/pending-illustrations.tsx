import { ArrowRightLeft, CreditCard, Landmark, WalletCards, type LucideIcon } from 'lucide-react';

/** The four pictures the pending pop-up cycles through (spec §2): card, transfer, bank, wallet. */
export const pendingIllustrations: ReadonlyArray<{
  key: string;
  Icon: LucideIcon;
  tint: string;
}> = [
  { key: 'card', Icon: CreditCard, tint: 'bg-brand-50 text-brand-700' },
  { key: 'transfer', Icon: ArrowRightLeft, tint: 'bg-sky-50 text-sky-700' },
  { key: 'bank', Icon: Landmark, tint: 'bg-amber-50 text-amber-700' },
  { key: 'wallet', Icon: WalletCards, tint: 'bg-green-50 text-green-700' },
];

/** One frame, drawn large; decoration only (the pop-up says in words what is happening). */
export function PendingIllustration({ frame }: { frame: number }) {
  const item = pendingIllustrations[frame % pendingIllustrations.length]!;
  const { Icon } = item;
  return (
    <div
      className="flex items-center justify-center"
      aria-hidden="true"
      data-testid="pending-illustration"
      data-frame={item.key}
    >
      <span className={`flex size-24 items-center justify-center rounded-full transition-colors ${item.tint}`}>
        <Icon className="size-12" />
      </span>
    </div>
  );
}

/** Four dots under the picture: which frame is showing. */
export function FrameDots({ frame }: { frame: number }) {
  return (
    <div className="mt-4 flex justify-center gap-2" aria-hidden="true">
      {pendingIllustrations.map((item, i) => (
        <span
          key={item.key}
          className={`size-2 rounded-full ${i === frame % pendingIllustrations.length ? 'bg-brand-700' : 'bg-slate-300'}`}
        />
      ))}
    </div>
  );
}
