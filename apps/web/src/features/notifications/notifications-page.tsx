import type { InformationCategoryValue } from '@fund/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { NoticeDetail } from './components/notice-detail';
import { NoticeList } from './components/notice-list';
import './notifications.css';

const tabs: readonly { readonly category: InformationCategoryValue; readonly label: string }[] = [
  { category: 'important', label: '重要なお知らせ' },
  { category: 'others', label: 'その他のお知らせ' },
];

const tabId = (category: InformationCategoryValue) => `notices-tab-${category}`;
const panelId = (category: InformationCategoryValue) => `notices-panel-${category}`;

function addressOf(category: InformationCategoryValue, id?: string): string {
  const params = new URLSearchParams({ category });
  if (id !== undefined) params.set('id', id);
  return `?${params.toString()}`;
}

/**
 * お知らせ (spec §2 /notifications): the notices in two tabs, important and others; `?id=` opens one
 * notice in place, so the browser's back button returns to the list.
 */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const category: InformationCategoryValue = params.get('category') === 'others' ? 'others' : 'important';
  const openId = params.get('id');
  // the notice last opened: back on the list, its link takes the focus again
  const [lastOpened, setLastOpened] = useState<string | undefined>(undefined);
  const tabRefs = useRef<Partial<Record<InformationCategoryValue, HTMLButtonElement | null>>>({});

  if (openId !== null && openId !== lastOpened) setLastOpened(openId);

  const select = (next: InformationCategoryValue, focus = false) => {
    setLastOpened(undefined);
    void navigate(addressOf(next), { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.category === category);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const target =
      step !== undefined
        ? tabs[(index + step + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs[tabs.length - 1]
            : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(target.category, true);
  };

  const back = () => {
    const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
    if (cameFromList) void navigate(-1);
    else void navigate(addressOf(category), { replace: true });
  };

  return (
    <div className="notifications">
      <PageHeading title="お知らせ" />
      {openId !== null ? (
        <NoticeDetail key={openId} id={openId} onBack={back} />
      ) : (
        <>
          <div className="notices-tabs" role="tablist" aria-label="お知らせの種類">
            {tabs.map((tab) => {
              const selected = tab.category === category;
              return (
                <button
                  key={tab.category}
                  ref={(element) => {
                    tabRefs.current[tab.category] = element;
                  }}
                  type="button"
                  role="tab"
                  id={tabId(tab.category)}
                  aria-selected={selected}
                  aria-controls={panelId(tab.category)}
                  tabIndex={selected ? 0 : -1}
                  className="notices-tabs__tab"
                  onClick={() => select(tab.category)}
                  onKeyDown={onTabKeyDown}
                >
                  {tab.label}
                </button>
              );
            })}
          </div>
          <div
            className="notices-panel"
            role="tabpanel"
            id={panelId(category)}
            aria-labelledby={tabId(category)}
          >
            <NoticeList category={category} hrefOf={(id) => addressOf(category, id)} focusId={lastOpened} />
          </div>
        </>
      )}
    </div>
  );
}
