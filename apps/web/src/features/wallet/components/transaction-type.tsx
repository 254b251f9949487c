import type { TransactionType } from '@therapy/contracts/wallet';
import { ArrowDownLeft, ArrowUpRight, CalendarCheck, RotateCcw, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';

const icons: Record<TransactionType, LucideIcon> = {
  topup: ArrowDownLeft,
  booking_payment: CalendarCheck,
  refund: RotateCcw,
  payout: ArrowUpRight,
};

/** A small round badge per transaction type; decoration beside the type's name. */
export function TransactionIcon({
  type,
  amount,
  className,
}: {
  type: TransactionType;
  amount: number;
  className?: string;
}) {
  const Icon = icons[type] ?? ArrowDownLeft;
  return (
    <span
      className={clsx(
        'flex size-10 shrink-0 items-center justify-center rounded-xl',
        amount >= 0 ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-700',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/** Money in green, money out in the body colour: the sign says it too, so colour is never the only cue. */
export const amountTone = (amount: number) => (amount > 0 ? 'text-green-800' : 'text-slate-900');
