namespace Tasks
{
    public partial class App : Xamarin.Forms.Application
    {
        public App() => InitializeComponent();
    }
}
