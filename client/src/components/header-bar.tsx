import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Header bar types of spec section 2: `back` (previous page, or /home/index with no history),
 * `hide` (emits an event), `add` and `order` (push a given url).
 */
export type HeaderLeft = 'back' | 'hide' | 'none';
export interface HeaderRight {
  readonly type: 'add' | 'order';
  readonly url: string;
  readonly label: string;
}

export const HEADER_HIDE_EVENT = 'kabuto:header-hide';

export function HeaderBar(props: {
  title: ReactNode;
  left?: HeaderLeft;
  right?: HeaderRight;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const left = props.left ?? 'back';
  const goBack = () => {
    if (left === 'hide') {
      window.dispatchEvent(new CustomEvent(HEADER_HIDE_EVENT));
      return;
    }
    if (window.history.length > 1 && window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/home/index');
  };
  const right = props.right ? (
    <button type="button" className="header-icon" onClick={() => navigate(props.right?.url ?? '/')}>
      {props.right.type === 'add' ? '＋' : '≡'} {props.right.label}
    </button>
  ) : (
    props.extra
  );
  return (
    <div className="header-bar">
      <NavBar
        back={left === 'none' ? null : ''}
        backIcon={left !== 'none'}
        onBack={goBack}
        right={right}
      >
        {props.title}
      </NavBar>
    </div>
  );
}
