import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExternalLink } from './external-link';

const postMessage = vi.fn();

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  postMessage.mockClear();
});

function inNativeApp() {
  window.localStorage.setItem('isNative', 'true');
  vi.stubGlobal('ReactNativeWebView', { postMessage });
}

/** Clicks the link; whether the browser would still follow it (the click was not prevented). */
function click(name: RegExp): boolean {
  return fireEvent.click(screen.getByRole('link', { name }));
}

describe('ExternalLink', () => {
  it('in a browser is a new-window link without opener or referrer, and tells the wrapper nothing', () => {
    vi.stubGlobal('ReactNativeWebView', { postMessage });
    render(<ExternalLink href={`${window.location.origin}/faq/`}>よくあるご質問</ExternalLink>);
    const link = screen.getByRole('link', { name: /よくあるご質問/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(click(/よくあるご質問/)).toBe(true);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('in the native app opens the device’s browser through the wrapper instead (openExternalBrowser)', () => {
    inNativeApp();
    const href = `${window.location.origin}/faq/`;
    render(<ExternalLink href={href}>よくあるご質問</ExternalLink>);
    expect(click(/よくあるご質問/)).toBe(false);
    expect(postMessage.mock.calls).toEqual([[JSON.stringify({ type: 'openExternalBrowser', url: href })]]);
  });

  it('in the native app leaves a link to a site off the allow-list to the WebView, unposted', () => {
    inNativeApp();
    render(<ExternalLink href="https://evil.example/">ほかのサイト</ExternalLink>);
    expect(click(/ほかのサイト/)).toBe(true);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('runs the caller’s own click handler first, and a handler that prevents the click keeps the wrapper out', () => {
    inNativeApp();
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <ExternalLink href={`${window.location.origin}/faq/`} onClick={onClick}>
        よくあるご質問
      </ExternalLink>,
    );
    click(/よくあるご質問/);
    expect(onClick).toHaveBeenCalledOnce();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
