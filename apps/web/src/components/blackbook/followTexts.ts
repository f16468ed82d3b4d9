/** Texts of the follow marker and button (the runner rows of /live). */
export const followTexts = {
  followed: 'Followed',
  followedFor: 'In your blackbook: {{what}}',
  horse: 'horse',
  jockey: 'jockey',
  trainer: 'trainer',
  follow: 'Follow',
  following: 'Following',
  followHorse: 'Follow {{horse}}',
  followFailed: 'Could not change your blackbook. Please try again.',
} as const;
