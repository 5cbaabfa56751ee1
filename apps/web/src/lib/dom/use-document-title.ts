import { useEffect } from 'react';
import { documentTitle } from '../../config/site';

export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
