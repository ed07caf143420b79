import { describeStorageApi } from "./storage-suite";

// The Storage API on the default driver: the local folder DATA_DIR/upload.
describeStorageApi("local");
