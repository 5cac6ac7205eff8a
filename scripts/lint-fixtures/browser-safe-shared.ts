// Good imports for every service's production files, the PWA included: browser-safe shared modules
// whose names come close to restricted ones (qr/render/svg beside png, analytics/event beside test-events).
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';
import { defaultQrDesign } from '@linkhub/shared/qr/design';
import { redirectPayloadSchema } from '@linkhub/shared/cache/payload';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { streamEvents } from '@linkhub/shared/analytics/event';
import { resourceState } from '../../shared/src/resolve/state';

export const used = [
  sceneToSvg,
  defaultQrDesign,
  redirectPayloadSchema,
  authorize,
  streamEvents,
  resourceState,
];
