/** Texts of the live screen's layout: the slip bar, favourite stakes, repeat last bet, the stream toggle. */
export const layoutTexts = {
  bar: {
    picks: 'Your picks',
    noPicks: 'No picks yet',
  },
  favourites: {
    title: 'Favourite stakes',
    keep: 'Keep this amount as a favourite stake',
  },
  repeat: 'Repeat last bet',
  friends: 'Bet with friends',
  repeatHint: 'Last {{type}} bet put back on the slip: check it, then tap Submit Bet.',
  stream: {
    hide: 'Hide stream',
    show: 'Show stream',
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The same in Filipino, as bettors say it (bet, slip and stake words kept as they are used at the track). */
export const layoutTextsFil: Shape<typeof layoutTexts> = {
  bar: {
    picks: 'Mga pili mo',
    noPicks: 'Wala ka pang pili',
  },
  favourites: {
    title: 'Paboritong taya',
    keep: 'Itabi ang halagang ito bilang paboritong taya',
  },
  repeat: 'Ulitin ang huling taya',
  friends: 'Tumaya kasama ang barkada',
  repeatHint: 'Ibinalik sa slip ang huli mong {{type}} na taya: tingnan muna, saka i-tap ang Itaya Na.',
  stream: {
    hide: 'Itago ang stream',
    show: 'Ipakita ang stream',
  },
};
