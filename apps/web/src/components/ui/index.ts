export { Button } from './Button.tsx';
export { TextField } from './TextField.tsx';
export { TextArea } from './TextArea.tsx';
export { SelectField } from './SelectField.tsx';
export { Alert } from './Alert.tsx';
export { Spinner } from './Spinner.tsx';
