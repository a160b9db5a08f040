import { useState, type ComponentProps } from 'react';

/** A password box with a 「顯示／隱藏」 toggle (typing a password on a phone keyboard is error-prone). */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} autoCapitalize="off" spellCheck={false} />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? '隱藏' : '顯示'}
        <span className="visually-hidden">密碼</span>
      </button>
    </span>
  );
}
