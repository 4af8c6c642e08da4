import './ui/styles.css';
import { loadUseCases } from '@/composition/backend';
import { startPage } from '@/ui/boot/start-page';

// The page's one entry: the composition root's use cases, and everything the page starts
// (src/ui/boot/start-page.tsx).
void startPage({ loadUseCases });
