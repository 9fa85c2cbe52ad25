import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { checkedKey, type FileStore, sha256Of } from './storage.ts';

/**
 * Files in an S3-compatible bucket every instance shares (docs/decisions/041-shared-file-storage.md). Objects
 * are written without an ACL, so they are as private as the bucket: the app reads them with its key and serves
 * them itself (pictures publicly, identity documents to their owner and staff only), never by a bucket address.
 */
export function createS3Store(s3: S3Config): FileStore {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Only the checksums S3 requires: the newer default ones are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const object = (key: string) => ({ Bucket: s3.bucket, Key: `${s3.prefix}${checkedKey(key)}` });
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          ...object(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          Metadata: { sha256: sha256Of(data) },
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand(object(key)));
        const data = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
        return { data, sha256: sha256Of(data) };
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    close: async () => client.destroy(),
  };
}
