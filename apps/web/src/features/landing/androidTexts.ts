/** Texts of the Android app strip (loaded with the strip, on Android only). */
export const androidTexts = {
  label: 'Android app',
  text: 'Get the Karera app for Android.',
  download: 'Download app',
  dismiss: 'Dismiss download app',
};

export type AndroidTexts = typeof androidTexts;
