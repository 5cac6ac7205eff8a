// Test-support modules imported from shared, as a production file would: five restricted imports.
import { insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestDatabase } from '@linkhub/shared/server/db/testing';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { runBridgeContract } from '@linkhub/shared/platform/bridge.contract';
import { describe } from 'vitest';

export const used = [insertWorkspace, createTestDatabase, testEvent, runBridgeContract, describe];
