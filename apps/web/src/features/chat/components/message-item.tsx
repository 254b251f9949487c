import { CHAT_MESSAGE_MAX, updateMessageInput, type ChatMessage } from '@therapy/contracts/chat';
import { message } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import { Check, CheckCheck, Download, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { useModalStore } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useDownloadAttachment, useEditMessage } from '../api/chat-api';
import { useChatTranslation } from '../i18n';
import { fileSize, messageStamp } from './chat-bits';

/** Edits one's own message in place: the same rules as the server (updateMessageInput), Escape cancels. */
function EditForm({ item, onDone }: { item: ChatMessage; onDone: () => void }) {
  const { t } = useChatTranslation();
  const edit = useEditMessage();
  const [text, setText] = useState(item.content ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const errorId = useId();
  const labelId = useId();

  const save = async () => {
    const parsed = updateMessageInput.safeParse({ content: text });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    setProblem(undefined);
    try {
      await edit.mutateAsync({ id: item.identifier, content: parsed.data.content });
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      className="w-full"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label id={labelId} className="sr-only">
        {t('conversation.editLabel')}
      </label>
      <TextArea
        aria-labelledby={labelId}
        aria-describedby={problem ? errorId : undefined}
        invalid={!!problem}
        rows={3}
        value={text}
        maxLength={CHAT_MESSAGE_MAX + 100}
        // The message being edited takes the keyboard at once.
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <FieldError id={errorId} message={problem} />
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onDone} disabled={edit.isPending}>
          {t('conversation.cancel')}
        </Button>
        <Button size="sm" type="submit" pending={edit.isPending}>
          {t('conversation.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * One message: text (or "This message was deleted"), its attachments as downloads, when it was sent, "edited", and
 * for one's own whether the other side has seen it; one's own can be edited in place or deleted after the "Delete
 * message" confirmation.
 */
export function MessageItem({
  item,
  own,
  otherName,
  senderLabel,
}: {
  item: ChatMessage;
  own: boolean;
  otherName: string;
  senderLabel: string;
}) {
  const { t, locale } = useChatTranslation();
  const openModal = useModalStore((s) => s.open);
  const download = useDownloadAttachment();
  const [editing, setEditing] = useState(false);

  const onDownload = (attachmentId: string, filename: string) =>
    download.mutate(
      { messageId: item.identifier, attachmentId, filename },
      { onError: (error) => notify.error(errorMessage(error)) },
    );

  return (
    <li className={clsx('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%]',
          editing && 'w-full sm:w-[70%]',
          item.isDeleted
            ? 'border border-dashed border-slate-300 bg-white text-slate-600'
            : own
              ? 'bg-brand-700 text-white'
              : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">{senderLabel}: </span>
        {item.isDeleted ? (
          <p className="italic">{message('chatMessageDeleted', locale)}</p>
        ) : editing ? (
          <EditForm item={item} onDone={() => setEditing(false)} />
        ) : (
          <>
            {item.content && <p className="whitespace-pre-wrap break-words">{item.content}</p>}
            {item.attachments.length > 0 && (
              <ul className={clsx('flex flex-col gap-1.5', item.content && 'mt-2')}>
                {item.attachments.map((a) => (
                  <li key={a.identifier}>
                    <button
                      type="button"
                      className={clsx(
                        'flex max-w-full items-center gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm underline-offset-2 hover:underline',
                        own ? 'bg-brand-800 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200',
                      )}
                      onClick={() => onDownload(a.identifier, a.filename)}
                    >
                      <Download className="size-4 shrink-0" aria-hidden="true" />
                      <span className="sr-only">{t('conversation.download')} </span>
                      <span className="min-w-0 truncate">{a.filename}</span>
                      <span className={clsx('shrink-0 text-xs', own ? 'text-brand-100' : 'text-slate-600')}>
                        {fileSize(a.size)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div className="mt-1 flex items-center gap-2 px-1 text-xs text-slate-600">
        <time dateTime={item.createdAt}>{messageStamp(item.createdAt, locale)}</time>
        {item.editedAt && !item.isDeleted && <span>· {t('conversation.edited')}</span>}
        {own && !item.isDeleted && (
          <span className="inline-flex items-center gap-0.5">
            ·{' '}
            {item.seen ? (
              <CheckCheck className="size-3.5 text-brand-700" aria-hidden="true" />
            ) : (
              <Check className="size-3.5" aria-hidden="true" />
            )}
            {item.seen ? t('conversation.seen') : t('conversation.sent')}
          </span>
        )}
        {own && !item.isDeleted && !editing && (
          <span className="flex items-center">
            {item.content !== null && item.content !== '' && (
              <button
                type="button"
                className="rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                onClick={() => setEditing(true)}
              >
                <Pencil className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('conversation.edit')}</span>
              </button>
            )}
            <button
              type="button"
              className="rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-red-700"
              onClick={() => openModal('delete-message', { messageId: item.identifier, otherName })}
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('conversation.delete')}</span>
            </button>
          </span>
        )}
      </div>
    </li>
  );
}
