// The secret box moved to shared (the worker opens webhook signing secrets with the same key).
export { createSecretBox, type SecretBox } from '@linkhub/shared/server/crypto/secret-box';
