/** The census with nobody selected: the list beside this prompt. */
export default function CensusNobodySelected() {
  return <p className="text-slate-700">Select an employee from the list.</p>;
}
