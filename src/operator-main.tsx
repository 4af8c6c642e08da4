import './ui/operator/operator.css';
import { loadUseCases } from '@/composition/backend';
import { startOperatorConsole } from '@/ui/boot/start-operator-console';

// The operator console's entry (issue 61, operador.html): a page and a build of its own
// (vite.operator.config.ts), so nothing of it reaches the landing page or the campus pages.
void startOperatorConsole({ loadUseCases });
