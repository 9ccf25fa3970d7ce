// jest-fixed-jsdom gives jsdom Node's FormData, which cannot read a jsdom <form>. React 19 builds
// `new FormData(form, submitter)` when a submit starts a transition (react-router's navigation
// does, e.g. a search form writing `?search=` to the URL), so the pages' search forms need this.
const NodeFormData = globalThis.FormData;

class FormDataFromForm extends NodeFormData {
  constructor(form, submitter) {
    super();
    if (!form || typeof form !== 'object' || !('elements' in form)) return;
    for (const element of Array.from(form.elements)) {
      if (!element.name || element.disabled) continue;
      if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      if (element.type === 'submit' && element !== submitter) continue;
      this.append(element.name, element.value);
    }
  }
}

globalThis.FormData = FormDataFromForm;
