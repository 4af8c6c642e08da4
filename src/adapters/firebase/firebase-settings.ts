/** A local emulator's address. */
export interface EmulatorHost {
  readonly host: string;
  readonly port: number;
}

/** The Firebase project's public web configuration (no secrets), and where its services run. */
export interface FirebaseSettings {
  readonly apiKey: string;
  readonly authDomain: string;
  readonly projectId: string;
  readonly appId: string;
  /** The region of the callable functions (spec section 9: default us-central1). */
  readonly functionsRegion: string;
  /** Set when the build points at local emulators instead of the project's services. */
  readonly emulators?: {
    readonly auth: EmulatorHost;
    readonly functions: EmulatorHost;
    readonly firestore: EmulatorHost;
  };
}
