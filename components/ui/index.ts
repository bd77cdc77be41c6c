export { Alert, type AlertProps, type AlertTone } from "./alert";
export { Badge } from "./badge";
export { Button, ButtonLink, buttonClassName, type ButtonProps, type ButtonLinkProps } from "./button";
export { Card, type CardProps } from "./card";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export { Field, Input, type FieldProps, type InputProps } from "./field";
export { Spinner } from "./spinner";
export { SubmitButton, type SubmitButtonProps } from "./submit-button";
