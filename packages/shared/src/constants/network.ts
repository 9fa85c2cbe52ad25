/** What the app says about the network and its own updates (docs/product.md#bad-networks). */
export const NETWORK_MESSAGES = {
  offlineTitle: "You're offline",
  offlineBody: 'This screen needs a connection to open. It opens by itself when you are back online.',
  backOnline: 'Back online — opening…',
  /** A screen opened offline whose data this device never loaded: no skeleton forever. */
  notLoadedBody: "This page hasn't been loaded on this device yet. Try again once you're back online.",
  updatedTitle: 'Lokal was updated',
  updatedBody: 'A new version of Lokal is out. Reload to open this screen.',
  crashTitle: 'Something went wrong',
  crashBody: 'This screen ran into a problem. Reloading usually fixes it.',
  reload: 'Reload',
  tryAgain: 'Try again',
  goBack: 'Go back',
  offlineBanner: "You're offline. Messages you write are sent when you're back.",
  reconnectingBanner: 'Reconnecting…',
  updateReady: 'New version of Lokal available',
  pending: 'Waiting for connection',
  /** A part of a screen (a dialog) whose code could not load; the screen itself stays. */
  partOffline: "You're offline. This opens once you're back online.",
  partUpdated: 'Lokal was updated. Reload the page to open this.',
} as const;
