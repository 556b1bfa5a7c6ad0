// Transports of the notifications (issue 18): verify a server, send a mail, upload a file, post to HTTP; each call
// classifies its failures (auth, unreadable, unreachable, other) and says whether a retry may help.
export * from './types';
export { TransportFailure } from './classify';
export { verifyServer, uploadFile, openFileTarget, connectionProblem } from './verify';
export {
  sendMail,
  openMailTarget,
  messageIdOf,
  classifySmtpError,
  type OutgoingMail,
  type MailAttachment,
  type MailTarget,
} from './smtp';
export { postHttp, httpRetryable, type HttpPost } from './http';
export { temporaryName, type Upload, type FileTarget } from './upload-names';
export * from './retry';
export { imapSecurity, mailText } from './imap';
export { openFolder, MAX_RESPONSE_BYTES, type RemoteFolder, type RemoteFile, type OpenFolderResult } from './folder';
