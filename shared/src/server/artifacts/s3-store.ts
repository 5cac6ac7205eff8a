import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { assertArtifactKey, assertArtifactPrefix, type ArtifactStore, type StoredObject } from './store';

export type S3ArtifactStoreOptions = {
  readonly bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS when absent. */
  readonly endpoint?: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most self-hosted servers). */
  readonly forcePathStyle: boolean;
  /** Keys per list request (S3's maximum, 1,000, by default; tests lower it to cross pages). */
  readonly listPageSize?: number;
};

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

async function* listPages(
  client: S3Client,
  Bucket: string,
  prefix: string,
  MaxKeys: number,
): AsyncGenerator<StoredObject> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket,
        Prefix: prefix,
        MaxKeys,
        ...(ContinuationToken === undefined ? {} : { ContinuationToken }),
      }),
    );
    for (const item of page.Contents ?? []) {
      if (item.Key !== undefined)
        yield { key: item.Key, byteSize: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) };
    }
    ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (ContinuationToken !== undefined);
}

/** An artifact store in an S3-compatible bucket; downloads are proxied through the calling service. */
export function createS3ArtifactStore(options: S3ArtifactStoreOptions): ArtifactStore {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Streamed bodies would otherwise go out aws-chunked with a trailing checksum, which several
    // S3-compatible servers store verbatim (chunk headers inside the object).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    assertArtifactKey(key);
    return key;
  };
  const getObject = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: createReadStream(path),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    },
    async get(key) {
      const object = await getObject(key);
      return object?.Body === undefined ? null : object.Body.transformToByteArray();
    },
    async stream(key) {
      const object = await getObject(key);
      if (object?.Body === undefined) return null;
      return { body: object.Body.transformToWebStream(), byteSize: object.ContentLength ?? 0 };
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    list(prefix) {
      assertArtifactPrefix(prefix);
      return listPages(client, Bucket, prefix, options.listPageSize ?? 1_000);
    },
  };
}
