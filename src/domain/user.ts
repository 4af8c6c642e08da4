/** A signed-in student (spec section 3). */
export interface User {
  readonly uid: string;
  readonly email: string;
  readonly displayName: string;
}

/** The name a greeting uses: the display name, else the part of the e-mail before the '@'. */
export const greetingName = (user: User): string =>
  user.displayName.trim() || user.email.split('@')[0] || user.email;
