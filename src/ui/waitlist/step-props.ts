/** What the card's list of next steps gives each step (issue 62, `next-steps.tsx`). */
export interface StepProps {
  /** Whether the step is open (`openSteps`, card/card-steps.ts). */
  readonly open: boolean;
  readonly onToggle: () => void;
  /** The step shows an error (with 'Reintentar'): it stays open until the error is gone. */
  readonly onError: (error: boolean) => void;
  /**
   * The step holds its place while the card reads the student's new campus (after 'Cambiar
   * campus'): shown as it was, inert and marked busy, so nothing below it moves under a tap.
   */
  readonly busy?: boolean;
}
