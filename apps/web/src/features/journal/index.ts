// What the other features use of journal; they import it from here, never from its files.
export { useJournalQuery } from './journalApi';
