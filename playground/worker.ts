/**
 * The playground's Web Worker: scans off the page's thread, so typing stays smooth
 * while a megabyte of pasted mail is read.
 */
import { sift, type SiftRequest, type SiftResponse } from './sift.js';

/** The worker's global scope, typed with just what is used here (the DOM library types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SiftRequest>) => void) | null;
  postMessage(response: SiftResponse): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  try {
    scope.postMessage(sift(request));
  } catch (error) {
    // Only a bug can get here (findUrls and linkifyText take any string); show it, don't hang.
    scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};
