import type { ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** A graphql-js validation rule as a Yoga plugin: envelop's `onValidate` adds it to graphql-js's own, before execution. */
export const validationPlugin = (rule: ValidationRule): Plugin => ({
  onValidate({ addValidationRule }) {
    addValidationRule(rule);
  },
});
