// The chart library and its stylesheet, loaded together as one chunk when a chart first shows.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
