import { describeStorageApi } from "./storage-suite";

// The Storage API on the S3 driver, against s3rver (a local S3-compatible server).
describeStorageApi("s3");
