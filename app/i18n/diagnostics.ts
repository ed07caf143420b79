/** SPEC §8's diagnostics messages, verbatim (client-safe: the forms use them too). */
export const DIAGNOSTICS_MESSAGES = {
  selectFile: "Please select a file first",
  noImage: "No image to delete",
  needsAdmin: "Sign in as an administrator to run write tests",
  imagePathNotFound: "Image path not found",
  deleteFailed: "Failed to delete image",
  bucketNotFound: (name: string) => `Bucket ${name} not found. Please create it in the dashboard.`,
  directFailed: (step: string, error: string) => `Direct storage test failed at step ${step}: ${error}`,
  uploadFailed: (message: string) => `Image upload failed: ${message}`,
  deletionFailed: (message: string) => `Image deletion failed: ${message}`,
  listBucketsFailed: (message: string) => `Error listing buckets: ${message}`,
  anonymousUploadFailed: (message: string) => `Anonymous upload test failed: ${message}`,
  storageUploadFailed: (message: string) => `Upload failed: ${message}`,
} as const;

/** SPEC's single bucket. */
export const TARGET_BUCKET = "images";
