import { noticeOf, NOTICE_LABELS } from '@linkhub/shared/blocks/sensitive-notice';
import { SCHEDULE_BADGES, scheduleLine } from './block-extras';

/** Under a block in the list: when it shows, with a Scheduled / Showing now / Ended badge, and its notice. */
export function BlockExtrasLine({ data }: { data: Readonly<Record<string, unknown>> }) {
  const schedule = scheduleLine(data, Date.now());
  const notice = noticeOf(data.notice);
  if (schedule === null && notice === null) return null;
  return (
    <span className="block-extras" data-testid="block-schedule">
      {schedule !== null && (
        <>
          <span className={`badge ${schedule.state === 'showing' ? '' : 'paused'}`}>
            {SCHEDULE_BADGES[schedule.state]}
          </span>{' '}
          <small>{schedule.text}</small>
        </>
      )}
      {notice !== null && <span className="badge"> Notice: {NOTICE_LABELS[notice.kind]}</span>}
    </span>
  );
}
