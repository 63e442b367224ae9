/** An answer the server gave to a file sent: its status and its JSON (or null when it sent none). */
export interface FileAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends a file as the request's raw body, reporting how much has gone (fetch cannot tell an upload's
 * progress, so this uses XMLHttpRequest). Rejects only when the request could not be made at all.
 */
export function sendFile(url: string, file: Blob, { token, onProgress }: { token: string | null; onProgress?: (fraction: number) => void }): Promise<FileAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('content-type', 'application/octet-stream');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's page): the status says what happened.
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('The file could not be sent. Check the connection and try again.'));
    request.send(file);
  });
}
