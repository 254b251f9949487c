import {
  CHAT_MAX_FILES,
  CHAT_MESSAGE_MAX,
  chatFileExtensions,
  chatFileProblem,
  storeMessageFields,
} from '@therapy/contracts/chat';
import { messageRef } from '@therapy/contracts/messages';
import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { FieldError } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { useSendMessage } from '../api/chat-api';
import { useChatTranslation } from '../i18n';
import { fileSize } from './chat-bits';

const accept = chatFileExtensions.map((e) => `.${e}`).join(',');
const codePoints = (v: string) => [...v].length;

/** What stops this message from being sent, as a catalogue key (shown in the page's language), or undefined. */
function problemOf(content: string, files: File[]): string | undefined {
  const fields = storeMessageFields.safeParse({
    conversationIdentifier: '00000000-0000-4000-8000-000000000000',
    content,
  });
  if (!fields.success) return fields.error.issues[0]?.message;
  if (fields.data.content === '' && files.length === 0) return 'chatMessageRequired';
  if (files.length > CHAT_MAX_FILES) return messageRef('chatTooManyFiles', { max: CHAT_MAX_FILES });
  for (const file of files) {
    const problem = chatFileProblem(file);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Writes and sends a message (POST /messages/store): text up to 10,000 characters and up to five images or pdfs of
 * 10 MB each, checked here with the server's own rules and messages before anything is sent. Enter sends, Shift+Enter
 * starts a new line; the text stays when sending fails.
 */
export function Composer({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const { t } = useChatTranslation();
  const send = useSendMessage();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const hintId = useId();
  const countId = useId();
  const length = codePoints(content);
  const nearLimit = length > CHAT_MESSAGE_MAX * 0.9;

  const pick = (picked: File[]) => {
    const next = [...files, ...picked];
    setFiles(next);
    setServerError(undefined);
    setProblem(
      next.length > CHAT_MAX_FILES || picked.some((f) => chatFileProblem(f)) ? problemOf(content, next) : undefined,
    );
    // Back to the text: a caption, then Enter sends.
    textRef.current?.focus();
  };

  const remove = (index: number) => {
    const next = files.filter((_, i) => i !== index);
    setFiles(next);
    setProblem(undefined);
    textRef.current?.focus();
  };

  const submit = async () => {
    if (send.isPending) return;
    const found = problemOf(content, files);
    setProblem(found);
    setServerError(undefined);
    if (found) return textRef.current?.focus();
    try {
      await send.mutateAsync({ conversationId, content: content.trim(), files });
      setContent('');
      setFiles([]);
      onSent();
    } catch (error) {
      setServerError(errorMessage(error));
    }
    textRef.current?.focus();
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      aria-busy={send.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {serverError && (
        <Alert tone="error" className="mb-2">
          {serverError}
        </Alert>
      )}
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800"
            >
              <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="shrink-0 text-xs text-slate-600">{fileSize(file.size)}</span>
              <button type="button" className="rounded-full p-1 hover:bg-slate-200" onClick={() => remove(index)}>
                <X className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('composer.remove', { name: file.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <FilePicker
          label={<span className="sr-only">{t('composer.attachLabel')}</span>}
          icon={Paperclip}
          accept={accept}
          multiple
          className="shrink-0 px-3"
          describedBy={hintId}
          disabled={send.isPending}
          onPick={pick}
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${errorId}-text`} className="sr-only">
            {t('composer.label')}
          </label>
          <TextArea
            id={`${errorId}-text`}
            ref={textRef}
            rows={1}
            className="max-h-40 min-h-11 resize-none field-sizing-content"
            placeholder={t('composer.placeholder')}
            value={content}
            invalid={!!problem}
            aria-describedby={[problem ? errorId : '', hintId, nearLimit ? countId : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setContent(e.target.value);
              if (problem) setProblem(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </div>
        <Button type="submit" className="shrink-0 px-3" pending={send.isPending}>
          {!send.isPending && <Send className="size-4" aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">{t('composer.send')}</span>
        </Button>
      </div>
      <FieldError id={errorId} message={problem} />
      <div className="mt-1 flex justify-between gap-3 text-xs text-slate-600">
        <p id={hintId} className="hidden sm:block">
          {t('composer.hint')}
        </p>
        {nearLimit && (
          <p id={countId} className={length > CHAT_MESSAGE_MAX ? 'font-medium text-red-700' : undefined}>
            {t('composer.count', { count: length, max: CHAT_MESSAGE_MAX })}
          </p>
        )}
      </div>
    </form>
  );
}
