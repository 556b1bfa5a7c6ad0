import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

/** Where an S3-compatible store (MinIO, Ceph RGW, AWS S3, ...) is and how to sign in to it. */
export interface S3BlobStoreOptions {
  /** e.g. http://minio:9000; empty for AWS S3 itself */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; what MinIO expects */
  forcePathStyle: boolean;
  /** create the bucket on first use when it is missing */
  createBucket: boolean;
}

/**
 * Distributed run: blobs as objects of one bucket of an S3-compatible store (the design's MinIO). Keys
 * are the blob keys themselves (`images/<32 hex>`); the content type is stored with the object.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private ready?: Promise<void>;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint || undefined,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums on every request are an AWS feature some S3-compatible servers reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.bucketReady();
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertBlobKey(key);
    await this.bucketReady();
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.bucketReady();
    // S3 answers a delete of a missing key with success: nothing to check.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Creates the bucket when it is missing (with createBucket); a failed attempt is retried on the next call. */
  bucketReady(): Promise<void> {
    if (!this.options.createBucket) return Promise.resolve();
    if (!this.ready) {
      const pending = this.ensureBucket();
      pending.catch(() => {
        if (this.ready === pending) this.ready = undefined;
      });
      this.ready = pending;
    }
    return this.ready;
  }

  close(): void {
    this.client.destroy();
  }

  private async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isMissing(error)) throw error;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (created) {
        // Another replica created it meanwhile.
        const name = (created as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw created;
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.name === 'NoSuchBucket' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
