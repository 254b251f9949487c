export { FilePicker } from '@/components/ui/file-picker';

export interface PickedFile {
  file: File;
  /** The message key of the rule the file breaks (type or size), checked before upload; undefined when fine. */
  problem: string | undefined;
}
