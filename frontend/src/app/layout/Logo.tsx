import './logo.css';

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 8h10a4 4 0 0 1 4 4v12H13a4 4 0 0 1-4-4z" fill="#f4c95d" />
        <path d="M13 13h6M13 17h4" stroke="#0f5257" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="logo__word">Gistbook</span>
    </span>
  );
}
