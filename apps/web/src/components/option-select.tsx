import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from './ui/form-field';
import type { SelectProps } from './ui/select';
import { Select } from './ui/select';
import type { Option } from '@/lib/reference-options';

interface OptionSelectProps extends Omit<SelectProps, 'children' | 'id'> {
  field: FieldControlProps;
  options: Option[];
  loading?: boolean;
  placeholder?: string;
}

/**
 * A native select over pick-list options with an empty first choice ("Choose…"); says "Loading…" while loading.
 * Pass `value` (controlled): options that arrive after the form's values must still show the saved choice.
 */
export function OptionSelect({ field, options, loading, placeholder, ...rest }: OptionSelectProps) {
  const { t } = useTranslation();
  const { invalid, ...control } = field;
  // Never disabled while loading: react-hook-form drops disabled fields' values, and the options arrive in a moment.
  return (
    <Select {...control} invalid={invalid} aria-busy={loading || undefined} {...rest}>
      <option value="">{loading ? t('ui.loading') : (placeholder ?? t('ui.choose'))}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
