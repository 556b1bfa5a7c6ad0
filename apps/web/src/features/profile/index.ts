// What the other features use of profile; they import it from here, never from its files.
export { useUpdateProfileMutation } from './profileApi';
