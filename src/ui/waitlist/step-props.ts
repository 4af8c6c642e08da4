/** What the card's list of next steps gives each step (issue 62, `next-steps.tsx`). */
export interface StepProps {
  /** Whether the step is open (`openSteps`, card/card-steps.ts). */
  readonly open: boolean;
  readonly onToggle: () => void;
  /** The step shows an error (with 'Reintentar'): it stays open until the error is gone. */
  readonly onError: (error: boolean) => void;
}
