import { idParamSchema } from '@linkhub/shared/schemas/common';
import { WEBHOOK_OPERATIONS } from '../resources/webhooks/operations';
import { EXPERIMENT_OPERATIONS } from '../resources/experiments/operations';
import type { Operation } from '../http/operation';
import { ANALYTICS_OPERATIONS } from '../resources/analytics/operations';
import { ASSET_OPERATIONS } from '../resources/assets/operations';
import { DOMAIN_OPERATIONS } from '../resources/domains/operations';
import { IMPORT_OPERATIONS } from '../resources/imports/operations';
import { LINK_OPERATIONS } from '../resources/links/operations';
import { PAGE_OPERATIONS } from '../resources/pages/operations';
import { QR_CODE_OPERATIONS } from '../resources/qr-codes/operations';
import { BRAND_KIT_OPERATIONS } from '../resources/qr-codes/brand-kit-operations';
import { FOLDER_OPERATIONS } from '../resources/folders/operations';
import { UTM_PRESET_OPERATIONS } from '../resources/utm-presets/operations';

export type { Operation, Resource } from '../http/operation';

/** Every `/v1` operation: the routes' contract and the OpenAPI document's source. */
export const OPERATIONS: readonly Operation[] = [
  ...LINK_OPERATIONS,
  ...IMPORT_OPERATIONS,
  ...QR_CODE_OPERATIONS,
  ...BRAND_KIT_OPERATIONS,
  ...ASSET_OPERATIONS,
  ...PAGE_OPERATIONS,
  ...DOMAIN_OPERATIONS,
  ...ANALYTICS_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...EXPERIMENT_OPERATIONS,
  ...FOLDER_OPERATIONS,
  ...UTM_PRESET_OPERATIONS,
];

export const ID_PARAM = idParamSchema;
